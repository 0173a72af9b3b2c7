import { runningShoeMarket } from './consumer-markets';
import {
  accountingMarket,
  crmMarket,
  emailMarketingMarket,
  passwordManagerMarket,
  projectManagementMarket,
} from './software-markets';
import type { CatalogueMarket } from './types';

/** The structured catalogue the seed corpus is generated from. */
export const catalogue: readonly CatalogueMarket[] = [
  crmMarket,
  projectManagementMarket,
  emailMarketingMarket,
  accountingMarket,
  passwordManagerMarket,
  runningShoeMarket,
];
