import type { Brand } from '@lumen/db/repositories/brand.repository';
import type { Competitor } from '@lumen/db/repositories/competitor.repository';
import type { DraftRow } from '@lumen/db/repositories/draft.repository';
import type { Keyword, Prompt } from '@lumen/db/repositories/keyword.repository';
import type { OpportunityRow } from '@lumen/db/repositories/opportunity-query.repository';
import type { OrderRow } from '@lumen/db/repositories/order.repository';
import type { PublishedItemRow } from '@lumen/db/repositories/published-item.repository';
import type { AnswerRow, RunRow } from '@lumen/db/repositories/run-query.repository';
import type { Template } from '@lumen/domain/publishing/template';
import type { WordPressSite } from '@lumen/domain/publishing/wordpress-site';
import { builder } from '../builder';

// The object types that other areas point at, declared here and implemented in their own
// <domain>.ts with the fields, queries and mutations they own (a run names its brand, a brand
// its latest run). Declaring a ref needs no fields, so the domain files import this module and
// never each other: schema-imports.test.ts fails on an import cycle among schema files.
// Declare nothing else here.

export const BrandType = builder.objectRef<Brand>('Brand');
export const CompetitorType = builder.objectRef<Competitor>('Competitor');
export const KeywordType = builder.objectRef<Keyword>('Keyword');
export const PromptType = builder.objectRef<Prompt>('Prompt');
export const RunType = builder.objectRef<RunRow>('Run');
export const AnswerType = builder.objectRef<AnswerRow>('Answer');
export const OpportunityType = builder.objectRef<OpportunityRow>('Opportunity');
export const TemplateType = builder.objectRef<Template>('Template');
export const WordPressSiteType = builder.objectRef<WordPressSite>('WordPressSite');
export const OrderType = builder.objectRef<OrderRow>('Order');
export const DraftType = builder.objectRef<DraftRow>('Draft');
export const PublishedItemType = builder.objectRef<PublishedItemRow>('PublishedItem');
