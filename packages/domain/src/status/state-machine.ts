/** A status machine as data: for each status, the statuses it may move to. */
export type Transitions<S extends string> = Readonly<Record<S, readonly S[]>>;

export type StateMachine<S extends string> = {
  /**
   * Every status, in declaration order: a non-empty tuple, so the database enum is built from it
   * (`pgEnum('run_status', runStatus.statuses)`) and GraphQL's too; a new status reaches both.
   */
  statuses: readonly [S, ...S[]];
  canTransition(from: S, to: S): boolean;
  /** Statuses reachable in one step. */
  next(from: S): readonly S[];
  /** No way out: the row will not change again. */
  isFinal(status: S): boolean;
  isStatus(value: unknown): value is S;
};

export function defineStateMachine<S extends string>(transitions: Transitions<S>): StateMachine<S> {
  const statuses = Object.keys(transitions) as unknown as [S, ...S[]];
  const known = new Set<string>(statuses);
  return {
    statuses,
    canTransition: (from, to) => known.has(from) && transitions[from].includes(to),
    next: (from) => (known.has(from) ? transitions[from] : []),
    isFinal: (status) => known.has(status) && transitions[status].length === 0,
    isStatus: (value): value is S => typeof value === 'string' && known.has(value),
  };
}
