import { lexicographicSortSchema, printSchema } from 'graphql';
import { getSchema } from './yoga';

export function printSchemaSDL(): string {
  return `${printSchema(lexicographicSortSchema(getSchema()))}\n`;
}
