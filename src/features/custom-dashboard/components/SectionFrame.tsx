import type { ReactNode } from 'react';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { CUSTOM_DASHBOARD_POLL_MS } from '../../../shared/contracts/custom-dashboard';

/** The part of a React Query result a section's freshness reads. */
export interface PolledState {
  data: unknown;
  dataUpdatedAt: number;
  errorUpdatedAt: number;
}

export const SECTION_TEXTS = {
  stale: 'Stale: the last refresh failed',
  loading: 'Loading…',
} as const;

/**
 * How fresh a section's figures are: when its oldest shown answer arrived, and whether the last poll of any of them
 * failed while the old answer stays on screen (poll errors are silent, §8, so this mark is what tells the viewer).
 */
export function sectionFreshness(queries: readonly PolledState[]): { updatedAt: number; stale: boolean } {
  const shown = queries.filter((query) => query.data !== undefined);
  const updatedAt = shown.length === 0 ? 0 : Math.min(...shown.map((query) => query.dataUpdatedAt));
  return { updatedAt, stale: shown.some((query) => query.errorUpdatedAt > query.dataUpdatedAt) };
}

export interface SectionFrameProps {
  id: string;
  title: string;
  /** The section's polled queries: they give the 'updated N s ago' and the stale mark. */
  queries: readonly PolledState[];
  controls?: ReactNode;
  children: ReactNode;
}

/** One section of the operations or leadership dashboard: its title, freshness, controls and figures. */
export function SectionFrame({ id, title, queries, controls, children }: SectionFrameProps) {
  const { updatedAt, stale } = sectionFreshness(queries);
  return (
    <section className="custom-dashboard-section" aria-labelledby={id}>
      <div className="custom-dashboard-section__header">
        <h2 id={id} className="custom-dashboard-section__title">
          {title}
        </h2>
        <span className="custom-dashboard-section__status">
          <UpdatedAgo updatedAt={updatedAt} periodMs={CUSTOM_DASHBOARD_POLL_MS} />
          {stale && <span className="custom-dashboard-section__stale">{SECTION_TEXTS.stale}</span>}
        </span>
      </div>
      {controls && <div className="custom-dashboard-section__controls">{controls}</div>}
      {children}
    </section>
  );
}
