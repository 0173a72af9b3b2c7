import { GraphQLError } from 'graphql';
import { builder } from '../builder';

builder.scalarType('DateTime', {
  description: 'An ISO-8601 timestamp in UTC.',
  serialize: (value) =>
    value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new GraphQLError('Invalid DateTime');
    return date;
  },
});
