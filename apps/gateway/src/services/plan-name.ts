import type { Env } from '@lumen/config/env';
import { PLAN_LIMITS, type Plan } from '@lumen/domain/brands/plan-limits';

/**
 * The plan's name as pages show it, or null on an instance that sells no plans (`PLANS` unset):
 * there every workspace keeps the same limits, and calling them "Pro" would tell a new account it
 * is on a paid plan (docs/brands.md, "Plan limits").
 */
export function planName(plan: Plan, env: Pick<Env, 'PLANS'>): string | null {
  return env.PLANS ? PLAN_LIMITS[plan].label : null;
}
