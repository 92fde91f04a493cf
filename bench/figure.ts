/** One measured figure with its goal, as written to bench/results/latest.json. */
export interface Figure {
  value: number;
  unit: string;
  goal?: string;
  pass?: boolean;
}

export function figure(value: number, unit: string, goal?: { max?: number; min?: number }): Figure {
  const v = Number(value.toPrecision(4));
  if (!goal) return { value: v, unit };
  const pass =
    (goal.max === undefined || value <= goal.max) && (goal.min === undefined || value >= goal.min);
  const text = [
    goal.min !== undefined ? `≥ ${goal.min} ${unit}` : '',
    goal.max !== undefined ? `≤ ${goal.max} ${unit}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return { value: v, unit, goal: text, pass };
}

export function isFigure(v: unknown): v is Figure {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as Figure).value === 'number' &&
    typeof (v as Figure).unit === 'string'
  );
}

/** Times `fn` `runs` times after a warm-up; returns percentiles in ms. */
export function timeRuns(
  runs: number,
  fn: (i: number) => void,
  warmup = Math.min(50, runs),
): { p50: number; p95: number; max: number; cpu_mean: number } {
  for (let i = 0; i < warmup; i++) fn(i);
  const ms: number[] = [];
  // CPU time too: on a shared, loaded machine wall time mostly measures the wait.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn(i);
    ms.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  ms.sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!;
  return {
    p50: at(0.5),
    p95: at(0.95),
    max: ms[ms.length - 1]!,
    cpu_mean: (cpu.user + cpu.system) / 1000 / runs,
  };
}
