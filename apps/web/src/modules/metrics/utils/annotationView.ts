import { bucketStart, type TrendInterval } from '@lumen/domain/metrics/periods';

// Annotations on a trend (docs/metrics.md, "Annotations"): numbered in date order, each on the
// point (day or week) it falls in, so the chart's markers and the list below it share numbers.

export type AnnotationInput = {
  id: string;
  kind: 'SERVED_MODEL' | 'PROMPT_SET' | 'PUBLISHED' | 'METHOD_CHANGED';
  date: string;
  title: string;
  detail?: string | null;
  url?: string | null;
  opportunityId?: string | null;
};

export type NumberedAnnotation<T extends AnnotationInput> = T & { n: number; bucket: string };

export const KIND_LABEL: Record<AnnotationInput['kind'], string> = {
  SERVED_MODEL: 'Model change',
  PROMPT_SET: 'Prompt set',
  PUBLISHED: 'Published',
  METHOD_CHANGED: 'Method',
};

export function numberAnnotations<T extends AnnotationInput>(
  annotations: readonly T[],
  interval: TrendInterval,
): NumberedAnnotation<T>[] {
  return [...annotations]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((a, i) => ({ ...a, n: i + 1, bucket: bucketStart(a.date, interval) }));
}

/**
 * One marker per point that has annotations: its numbers joined ("1, 2"). A method change also
 * writes its title on the chart ("3 · Method changed: analyzer v2"): the numbers on either side
 * of it were read by different rules, which a number alone would not say.
 */
export function markersOf(
  numbered: readonly NumberedAnnotation<AnnotationInput>[],
): { bucket: string; label: string; ids: string[] }[] {
  const byBucket = new Map<string, NumberedAnnotation<AnnotationInput>[]>();
  for (const a of numbered) byBucket.set(a.bucket, [...(byBucket.get(a.bucket) ?? []), a]);
  return [...byBucket].map(([bucket, list]) => {
    const numbers = list.map((a) => a.n).join(', ');
    const method = list.find((a) => a.kind === 'METHOD_CHANGED');
    return {
      bucket,
      label: method ? `${numbers} · ${method.title}` : numbers,
      ids: list.map((a) => a.id),
    };
  });
}
