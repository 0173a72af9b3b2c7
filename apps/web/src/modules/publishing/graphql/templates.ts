import { graphql } from '@lumen/schema/generated/gql';

/** @fragment spread by name in documents; codegen finds it here (knip.json, "tags"). */
export const TemplateFields = graphql(`
  fragment TemplateFields on Template {
    id
    name
    kind
    builtIn
    instructions
    structure {
      heading
      guidance
    }
  }
`);

export const TemplatesQuery = graphql(`
  query Templates {
    templates {
      ...TemplateFields
    }
  }
`);

export const CreateTemplateMutation = graphql(`
  mutation CreateTemplate($input: TemplateInput!) {
    createTemplate(input: $input) {
      ...TemplateFields
    }
  }
`);

export const UpdateTemplateMutation = graphql(`
  mutation UpdateTemplate($id: ID!, $input: TemplateInput!) {
    updateTemplate(id: $id, input: $input) {
      ...TemplateFields
    }
  }
`);

export const DeleteTemplateMutation = graphql(`
  mutation DeleteTemplate($id: ID!) {
    deleteTemplate(id: $id)
  }
`);
