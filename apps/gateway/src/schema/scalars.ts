import { isDay } from '@lumen/domain/metrics/periods';
import { GraphQLError } from 'graphql';
import { builder } from '../builder';
import { LumenError } from '../errors';

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

builder.scalarType('Date', {
  description: 'A calendar day, YYYY-MM-DD (a brand’s days are local to its timezone).',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string' || !isDay(value)) {
      throw new LumenError('BAD_USER_INPUT', 'Use a calendar day as YYYY-MM-DD.');
    }
    return value;
  },
});
