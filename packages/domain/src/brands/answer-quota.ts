import { PLAN_LIMITS, type Plan } from './plan-limits';

/** The local engine and its personas ask no provider, so their answers are free. */
export function isPaidEngine(engine: string): boolean {
  return engine !== 'local' && !engine.startsWith('local-');
}

export type AnswerQuotaInput = {
  plan: Plan;
  /** Paid answers stored this month. */
  used: number;
  /** Paid answers that unfinished runs will still store. */
  reserved: number;
  /** Paid answers the new run would store: its active prompts × its paid engines. */
  needed: number;
  /** False on an instance that sells no plans: the refusal then names no plan (docs/brands.md). */
  named?: boolean;
};

export type AnswerQuota = {
  plan: Plan;
  limit: number;
  used: number;
  reserved: number;
  needed: number;
  /** What is left before this run: never below 0. */
  remaining: number;
  allowed: boolean;
  /** Why it is refused, with what remains; null when allowed. */
  message: string | null;
};

/** Whether a run fits in the plan's monthly answer quota (docs/brands.md, "Answer quota"). */
export function decideAnswerQuota(input: AnswerQuotaInput): AnswerQuota {
  const limits = PLAN_LIMITS[input.plan];
  const limit = limits.answersPerMonth;
  const remaining = Math.max(0, limit - input.used - input.reserved);
  const allowed = input.needed <= remaining;
  return {
    plan: input.plan,
    limit,
    used: input.used,
    reserved: input.reserved,
    needed: input.needed,
    remaining,
    allowed,
    message: allowed
      ? null
      : `This run needs ${plural(input.needed, 'paid answer')} but only ${remaining} of ` +
        `${input.named === false ? "this workspace's" : `the ${limits.label} plan's`} ${limit} ` +
        'this month remain.',
  };
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
