import type { SavedSegment } from '@footfall/contract';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../api/api-error';
import { createSegment, deleteSegment, listSegments, updateSegment } from '../../../api/segments';
import { http } from '../../../app/services';

type Loaded = { companyId: number; list: SavedSegment[] } | { companyId: number; failed: true };

export interface Segments {
  /** The site's segments in the order they were saved; undefined while they load or when they failed. */
  list: SavedSegment[] | undefined;
  failed: boolean;
  create: (name: string, filters: Record<string, string>) => Promise<SavedSegment>;
  rename: (segment: SavedSegment, name: string) => Promise<SavedSegment>;
  remove: (segment: SavedSegment) => Promise<void>;
}

/**
 * A site's saved segments (docs/api.md "Segments"), read once `wanted` (the menu opened) and kept as the
 * changes made here answer; the server's answers are the truth (countries it upper-cased, for one).
 */
export function useSegments(companyId: number, wanted: boolean): Segments {
  const [loaded, setLoaded] = useState<Loaded | undefined>();
  const current = loaded?.companyId === companyId ? loaded : undefined;

  useEffect(() => {
    if (!wanted || current) return;
    const controller = new AbortController();
    listSegments(http, companyId, { background: true, signal: controller.signal })
      .then(({ data }) => setLoaded({ companyId, list: data }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ companyId, failed: true });
      });
    return () => controller.abort();
  }, [companyId, wanted, current]);

  const edit = useCallback(
    (change: (list: SavedSegment[]) => SavedSegment[]) =>
      setLoaded((state) =>
        state && state.companyId === companyId && 'list' in state
          ? { companyId, list: change(state.list) }
          : state,
      ),
    [companyId],
  );

  return {
    list: current && 'list' in current ? current.list : undefined,
    failed: current !== undefined && 'failed' in current,
    create: async (name, filters) => {
      const { data } = await createSegment(http, companyId, { name, filters });
      edit((list) => [...list, data]);
      return data;
    },
    rename: async (segment, name) => {
      const { data } = await updateSegment(http, companyId, segment.id, { name });
      edit((list) => list.map((one) => (one.id === data.id ? data : one)));
      return data;
    },
    remove: async (segment) => {
      await deleteSegment(http, companyId, segment.id);
      edit((list) => list.filter((one) => one.id !== segment.id));
    },
  };
}

/** What a refused change says, beside the form that made it: the field's own message first. */
export function segmentProblem(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.errors)[0]?.[0];
    return first ?? (error.message || fallback);
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
