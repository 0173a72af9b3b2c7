import { graphql } from '@lumen/schema/generated/gql';

export const TeamQuery = graphql(`
  query Team {
    me {
      id
    }
    currentWorkspace {
      id
      name
      role
      personal
      members {
        role
        joinedAt
        user {
          id
          email
        }
      }
      invitations {
        id
        email
        role
        expiresAt
        acceptUrl
      }
    }
    planLimits {
      seats
    }
  }
`);

export const InviteMemberMutation = graphql(`
  mutation InviteMember($workspaceId: ID!, $email: String!, $role: WorkspaceRole!) {
    inviteMember(workspaceId: $workspaceId, email: $email, role: $role) {
      id
      email
      role
      expiresAt
      acceptUrl
    }
  }
`);

export const ResendInvitationMutation = graphql(`
  mutation ResendInvitation($id: ID!) {
    resendInvitation(id: $id) {
      id
      email
      role
      expiresAt
      acceptUrl
    }
  }
`);

export const RevokeInvitationMutation = graphql(`
  mutation RevokeInvitation($id: ID!) {
    revokeInvitation(id: $id)
  }
`);

export const SetMemberRoleMutation = graphql(`
  mutation SetMemberRole($workspaceId: ID!, $userId: ID!, $role: WorkspaceRole!) {
    setMemberRole(workspaceId: $workspaceId, userId: $userId, role: $role) {
      role
      user {
        id
      }
    }
  }
`);

export const RemoveMemberMutation = graphql(`
  mutation RemoveMember($workspaceId: ID!, $userId: ID!) {
    removeMember(workspaceId: $workspaceId, userId: $userId)
  }
`);

export const LeaveWorkspaceMutation = graphql(`
  mutation LeaveWorkspace($workspaceId: ID!) {
    leaveWorkspace(workspaceId: $workspaceId)
  }
`);

export const RenameWorkspaceMutation = graphql(`
  mutation RenameWorkspace($id: ID!, $name: String!) {
    renameWorkspace(id: $id, name: $name) {
      id
      name
    }
  }
`);

export const CreateWorkspaceMutation = graphql(`
  mutation CreateWorkspace($name: String!) {
    createWorkspace(name: $name) {
      id
      name
    }
  }
`);

export const AcceptInvitationMutation = graphql(`
  mutation AcceptInvitation($token: String!) {
    acceptInvitation(token: $token) {
      id
      name
      role
    }
  }
`);
