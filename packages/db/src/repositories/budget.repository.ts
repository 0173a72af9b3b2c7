import {
  type BudgetThreshold,
  dueBudgetThresholds,
  formatUsd,
  mayStartPaidAnswer,
} from '@lumen/domain/costs/budget';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { recordBudgetReached, recordBudgetWarning } from './activity.repository';

// The monthly budget (docs/engines.md, "Budget"). Every paid answer's start and charge goes
// through the workspace's `workspace_spend` row of the month, locked FOR UPDATE: two engine
// queries in parallel take turns there, so they cannot both take the last dollars.

export const BUDGET_NAME = 'paid answers this month';

/** The failed answer's text when the budget stopped it; runs count these (budgetStopped). */
export const BUDGET_REFUSAL_PREFIX = 'Not asked: the monthly budget';

export function budgetRefusalMessage(budgetUsd: number): string {
  return `${BUDGET_REFUSAL_PREFIX} of ${formatUsd(budgetUsd)} is reached.`;
}

type SpendRow = {
  id: string;
  spentUsd: number;
  budgetUsd: number | null;
  warned: boolean;
  reached: boolean;
};

/** The month's row, created if missing, locked for the rest of the transaction. */
async function lockSpend(tx: Tx, workspaceId: string, month: string): Promise<SpendRow> {
  await tx.execute(sql`
    insert into workspace_spend (workspace_id, month) values (${workspaceId}, ${month})
    on conflict (workspace_id, month) do nothing`);
  const [row] = await tx.execute<SpendRow>(sql`
    select s.id, s.spent_usd::float8 as "spentUsd", w.monthly_budget_usd::float8 as "budgetUsd",
           s.warned_at is not null as warned, s.reached_at is not null as reached
      from workspace_spend s join workspaces w on w.id = s.workspace_id
     where s.workspace_id = ${workspaceId} and s.month = ${month}
       for update of s`);
  if (!row) throw new Error('workspace_spend row missing after insert');
  return row;
}

/** Marks and logs the thresholds due now; returns them (the caller notifies after commit). */
async function announce(
  tx: Tx,
  workspaceId: string,
  spend: SpendRow,
  spentUsd: number,
  refused: boolean,
): Promise<BudgetThreshold[]> {
  const due = dueBudgetThresholds({
    budgetUsd: spend.budgetUsd,
    spentUsd,
    refused,
    warned: spend.warned,
    reached: spend.reached,
  });
  if (due.length === 0 || spend.budgetUsd === null) return due;
  const budget = spend.budgetUsd;
  await tx.execute(sql`
    update workspace_spend
       set budget_usd = ${budget},
           warned_at = case when ${due.includes('warning')} then now() else warned_at end,
           reached_at = case when ${due.includes('reached')} then now() else reached_at end
     where id = ${spend.id}`);
  const display = formatUsd(budget);
  if (due.includes('warning')) {
    await recordBudgetWarning(tx, workspaceId, {
      name: BUDGET_NAME,
      limit: budget,
      spent: spentUsd,
      display: `${formatUsd(spentUsd)} of ${display}`,
    });
  }
  if (due.includes('reached')) {
    await recordBudgetReached(tx, workspaceId, { name: BUDGET_NAME, limit: budget, display });
  }
  return due;
}

export type HoldOutcome =
  | { allowed: true }
  | { allowed: false; budgetUsd: number; spendId: string; due: BudgetThreshold[] };

/**
 * Before a paid answer is asked: holds its typical cost when it fits in the month's budget
 * (`mayStartPaidAnswer`), else refuses it and, the first time, announces the budget reached.
 * A query that holds already (a retried delivery) is let through without a second hold.
 */
export async function holdPaidAnswer(
  db: Tx,
  input: { workspaceId: string; runId: string; key: string; month: string; estimateUsd: number },
): Promise<HoldOutcome> {
  return db.transaction(async (tx) => {
    const spend = await lockSpend(tx, input.workspaceId, input.month);
    const [held] = await tx.execute<{ key: string }>(sql`
      select key from budget_holds where key = ${input.key}`);
    // Without a budget nothing is refused and nothing needs holding; the charge still counts.
    if (held || spend.budgetUsd === null) return { allowed: true } as const;
    const [reserved] = await tx.execute<{ usd: number }>(sql`
      select coalesce(sum(amount_usd), 0)::float8 as usd from budget_holds
       where workspace_id = ${input.workspaceId} and month = ${input.month}`);
    const state = {
      budgetUsd: spend.budgetUsd,
      spentUsd: spend.spentUsd,
      reservedUsd: reserved?.usd ?? 0,
    };
    if (mayStartPaidAnswer(state, input.estimateUsd)) {
      await tx.execute(sql`
        insert into budget_holds (key, workspace_id, month, run_id, amount_usd)
        values (${input.key}, ${input.workspaceId}, ${input.month}, ${input.runId},
                ${input.estimateUsd})`);
      return { allowed: true } as const;
    }
    const due = await announce(tx, input.workspaceId, spend, spend.spentUsd, true);
    return {
      allowed: false,
      budgetUsd: spend.budgetUsd ?? 0,
      spendId: spend.id,
      due,
    } as const;
  });
}

export type ChargeOutcome = { spendId: string; due: BudgetThreshold[] };

/**
 * Inside the transaction that stores a paid answer: releases its hold and adds its real cost to
 * the month it was held in (unknown cost: nothing is added), then announces 80 % or 100 % the
 * first time the month reaches them.
 */
export async function chargeAnswer(
  tx: Tx,
  input: { workspaceId: string; key: string; month: string; costUsd: number | null },
): Promise<ChargeOutcome> {
  const [hold] = await tx.execute<{ month: string }>(sql`
    delete from budget_holds where key = ${input.key} returning month`);
  const month = hold?.month ?? input.month;
  const spend = await lockSpend(tx, input.workspaceId, month);
  const cost = input.costUsd ?? 0;
  if (cost === 0) return { spendId: spend.id, due: [] };
  await tx.execute(sql`
    update workspace_spend set spent_usd = spent_usd + ${cost} where id = ${spend.id}`);
  const due = await announce(tx, input.workspaceId, spend, spend.spentUsd + cost, false);
  return { spendId: spend.id, due };
}

/** Gives a hold back (the query stored nothing or failed); a no-op without one. */
export async function releaseHold(db: Tx, key: string): Promise<void> {
  await db.execute(sql`delete from budget_holds where key = ${key}`);
}

/** Gives back every hold of a run that has ended (queries that died without storing). */
export async function releaseRunHolds(db: Tx, runId: string): Promise<void> {
  await db.execute(sql`delete from budget_holds where run_id = ${runId}`);
}

export type MonthSpend = {
  spentUsd: number;
  heldUsd: number;
  budgetUsd: number | null;
  warnedAt: Date | null;
  reachedAt: Date | null;
};

/** The month's spend against the budget, for Settings → Plan and usage. */
export async function monthSpend(db: Tx, workspaceId: string, month: string): Promise<MonthSpend> {
  const [row] = await db.execute<{
    spentUsd: number | null;
    heldUsd: number;
    budgetUsd: number | null;
    warnedAt: string | null;
    reachedAt: string | null;
  }>(sql`
    select s.spent_usd::float8 as "spentUsd",
           (select coalesce(sum(amount_usd), 0)::float8 from budget_holds h
             where h.workspace_id = w.id and h.month = ${month}) as "heldUsd",
           w.monthly_budget_usd::float8 as "budgetUsd",
           s.warned_at as "warnedAt", s.reached_at as "reachedAt"
      from workspaces w
      left join workspace_spend s on s.workspace_id = w.id and s.month = ${month}
     where w.id = ${workspaceId}`);
  return {
    spentUsd: row?.spentUsd ?? 0,
    heldUsd: row?.heldUsd ?? 0,
    budgetUsd: row?.budgetUsd ?? null,
    warnedAt: row?.warnedAt ? new Date(row.warnedAt) : null,
    reachedAt: row?.reachedAt ? new Date(row.reachedAt) : null,
  };
}

/** Sets or clears (null) the workspace's monthly budget; returns the one before. */
export async function setMonthlyBudget(
  tx: Tx,
  workspaceId: string,
  budgetUsd: number | null,
): Promise<number | null> {
  const [before] = await tx.execute<{ usd: number | null }>(sql`
    select monthly_budget_usd::float8 as usd from workspaces where id = ${workspaceId} for update`);
  await tx.execute(sql`
    update workspaces set monthly_budget_usd = ${budgetUsd} where id = ${workspaceId}`);
  return before?.usd ?? null;
}

export type BudgetNotice = {
  workspaceId: string;
  month: string;
  budgetUsd: number | null;
  spentUsd: number;
  warnedAt: Date | null;
  reachedAt: Date | null;
};

/** A month's spend row by id, for the notify job (budget.warning, budget.reached). */
export async function findBudgetNotice(db: Tx, spendId: string): Promise<BudgetNotice | null> {
  const [row] = await db.execute<{
    workspaceId: string;
    month: string;
    budgetUsd: number | null;
    spentUsd: number;
    warnedAt: string | null;
    reachedAt: string | null;
  }>(sql`
    select workspace_id as "workspaceId", month, budget_usd::float8 as "budgetUsd",
           spent_usd::float8 as "spentUsd", warned_at as "warnedAt", reached_at as "reachedAt"
      from workspace_spend where id = ${spendId}`);
  if (!row) return null;
  return {
    ...row,
    warnedAt: row.warnedAt ? new Date(row.warnedAt) : null,
    reachedAt: row.reachedAt ? new Date(row.reachedAt) : null,
  };
}

/** A run's queries the budget stopped before they were asked (their answers' error says so). */
export async function countBudgetStopped(db: Tx, runId: string): Promise<number> {
  const [row] = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from answers
     where run_id = ${runId} and starts_with(error, ${BUDGET_REFUSAL_PREFIX})`);
  return row?.n ?? 0;
}

/** How the error of a run the budget stopped starts. */
export const BUDGET_STOPPED_PREFIX = 'Stopped at the monthly budget';

/** What a run stopped by the budget says: on the run (its error) and in the activity log. */
export function budgetStoppedMessage(stopped: number, total: number): string {
  return `${BUDGET_STOPPED_PREFIX}: ${stopped} of ${total} answers were not asked.`;
}
