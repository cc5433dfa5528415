import type { ReactNode } from 'react';

export interface SectionHeaderProps {
  id: string;
  title: string;
  /** 'N total' and the like, announced politely as it changes. */
  status?: ReactNode;
  actions?: ReactNode;
}

/** A section's title row: heading, status and actions. */
export function SectionHeader({ id, title, status, actions }: SectionHeaderProps) {
  return (
    <div className="operations__section-header">
      <h2 id={id}>{title}</h2>
      {status !== undefined && (
        <span className="operations__status" aria-live="polite">
          {status}
        </span>
      )}
      {actions && <div className="operations__actions">{actions}</div>}
    </div>
  );
}
