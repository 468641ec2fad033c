// The summary statistics the benchmarks print and hold to their targets.

const sorted = (values) => [...values].sort((a, b) => a - b);

/** The median; with an even count, the mean of the two middle values. */
export function median(values) {
  const list = sorted(values);
  const mid = list.length >> 1;
  return list.length % 2 ? list[mid] : (list[mid - 1] + list[mid]) / 2;
}

/** The middle sample (with an even count, the lower of the two), so a score stays one a run produced. */
export function medianSample(values) {
  return sorted(values)[Math.floor((values.length - 1) / 2)];
}

/** The sample at quantile `q` (0..1): the `floor(q * n)`-th smallest, the largest for q = 1. */
export function quantile(values, q) {
  const list = sorted(values);
  return list[Math.min(list.length - 1, Math.floor(q * list.length))];
}

/** Median, minimum and maximum. */
export function summary(values) {
  const list = sorted(values);
  return { median: median(list), min: list[0], max: list[list.length - 1] };
}
