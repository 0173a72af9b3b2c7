import {
  type GraphQLField,
  type GraphQLInputType,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
} from 'graphql';
import { getSchema } from '../src/yoga';

// Schema walkers shared by the tests that hold every root field to a rule (auth scopes, the
// NOT_FOUND rule for ids).

export type RootField = { root: string; field: GraphQLField<unknown, unknown> };

/** Every field of Query, Mutation and Subscription with the type it belongs to. */
export function rootFields(): RootField[] {
  const schema = getSchema();
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
  return roots.flatMap((root) =>
    root ? Object.values(root.getFields()).map((field) => ({ root: root.name, field })) : [],
  );
}

/** The scopes a field declared through Pothos (`authScopes: { editor: true }`). */
export function authScopesOf(
  field: GraphQLField<unknown, unknown>,
): Record<string, unknown> | null {
  const options = (field.extensions as { pothosOptions?: { authScopes?: unknown } }).pothosOptions;
  const scopes = options?.authScopes;
  return scopes && typeof scopes === 'object' ? (scopes as Record<string, unknown>) : null;
}

/** The one scope a root field declared (the schema test makes it exactly one). */
export function scopeOf(field: GraphQLField<unknown, unknown>): string {
  return Object.keys(authScopesOf(field) ?? {})[0] ?? '';
}

/** A value that passes GraphQL validation for a type: required input fields filled, ids given. */
export function sampleValue(type: GraphQLInputType, id: string): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, id);
  if (isListType(type)) return [];
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]?.name;
  if (isInputObjectType(named)) {
    const value: Record<string, unknown> = {};
    for (const f of Object.values(named.getFields())) {
      if (isNonNullType(f.type)) value[f.name] = sampleValue(f.type, id);
    }
    return value;
  }
  if (isLeafType(named)) {
    if (named.name === 'ID') return id;
    if (named.name === 'Int' || named.name === 'Float') return 1;
    if (named.name === 'Boolean') return true;
    if (named.name === 'DateTime') return new Date(0).toISOString();
    if (named.name === 'Date') return '2026-01-01';
  }
  return 'x';
}

/** A one-field operation with every argument passed as a variable, and its variables. */
export function operationFor(
  { root, field }: RootField,
  id: string,
): { query: string; variables: Record<string, unknown> } {
  const kind =
    root === 'Mutation' ? 'mutation' : root === 'Subscription' ? 'subscription' : 'query';
  const defs = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const leaf = isLeafType(getNamedType(field.type));
  const query = `${kind}${defs ? ` (${defs})` : ''} { ${field.name}${args ? `(${args})` : ''}${
    leaf ? '' : ' { __typename }'
  } }`;
  const variables = Object.fromEntries(field.args.map((a) => [a.name, sampleValue(a.type, id)]));
  return { query, variables };
}

/** Root fields that take an ID argument somewhere (directly or inside an input). */
export function takesId(field: GraphQLField<unknown, unknown>): boolean {
  return field.args.some((a) => getNamedType(a.type).name === 'ID');
}
