import type { Cadence } from './brand-input';

export type Plan = 'free' | 'pro' | 'business';

export type PlanLimits = {
  label: string;
  /** Brands in the workspace. */
  brands: number;
  /** Active prompts across all of the workspace's brands. */
  prompts: number;
  /** Engines one brand may ask. */
  engines: number;
  cadences: readonly Cadence[];
  /**
   * Answers from paid providers per calendar month (UTC) across the workspace: one per prompt ×
   * engine × run. The local engine is free and never counts (docs/brands.md, "Answer quota").
   */
  answersPerMonth: number;
  /** Members plus pending invitations of the workspace (docs/security.md, "Roles"). */
  seats: number;
};

/** What each plan allows: the only place these numbers live (API and pages read them). */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: {
    label: 'Free',
    brands: 1,
    prompts: 25,
    engines: 2,
    cadences: ['WEEKLY', 'MANUAL'],
    answersPerMonth: 500,
    seats: 3,
  },
  pro: {
    label: 'Pro',
    brands: 10,
    prompts: 500,
    engines: 6,
    cadences: ['DAILY', 'WEEKLY', 'MANUAL'],
    answersPerMonth: 50_000,
    seats: 10,
  },
  business: {
    label: 'Business',
    brands: 100,
    prompts: 5000,
    engines: 12,
    cadences: ['DAILY', 'WEEKLY', 'MANUAL'],
    answersPerMonth: 500_000,
    seats: 50,
  },
};

export type QuotaUsage = {
  /** Brands after the change. */
  brands?: number;
  /** Active prompts in the workspace after the change. */
  prompts?: number;
  /** Engines of the brand being saved. */
  engines?: number;
  cadence?: Cadence;
};

export type QuotaViolation = {
  resource: 'brands' | 'prompts' | 'engines' | 'cadence';
  limit: number | readonly Cadence[];
  message: string;
};

/**
 * The first limit of the plan that a change would exceed, or null when it fits. `named` is false
 * on an instance that sells no plans: the message then names no plan, since telling an account
 * "the Pro plan allows…" where nobody can buy or leave Pro is misleading (docs/brands.md, "Plan
 * limits").
 */
export function checkQuota(
  plan: Plan,
  usage: QuotaUsage,
  { named = true }: { named?: boolean } = {},
): QuotaViolation | null {
  const limits = PLAN_LIMITS[plan];
  const on = named ? `The ${limits.label} plan` : 'This workspace';
  if (usage.brands !== undefined && usage.brands > limits.brands) {
    return {
      resource: 'brands',
      limit: limits.brands,
      message: `${on} allows ${count(limits.brands, 'brand')}.`,
    };
  }
  if (usage.prompts !== undefined && usage.prompts > limits.prompts) {
    return {
      resource: 'prompts',
      limit: limits.prompts,
      message: `${on} allows ${count(limits.prompts, 'active prompt')} across all brands.`,
    };
  }
  if (usage.engines !== undefined && usage.engines > limits.engines) {
    return {
      resource: 'engines',
      limit: limits.engines,
      message: `${on} allows ${count(limits.engines, 'engine')} per brand.`,
    };
  }
  if (usage.cadence !== undefined && !limits.cadences.includes(usage.cadence)) {
    return {
      resource: 'cadence',
      limit: limits.cadences,
      message: `${on} allows ${limits.cadences.map((c) => c.toLowerCase()).join(' or ')} runs.`,
    };
  }
  return null;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
