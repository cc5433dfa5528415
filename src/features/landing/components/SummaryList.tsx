import type { ReactNode } from 'react';
import { Link } from '../../../ui/Link';

export interface SummaryItem {
  id: string;
  name: string;
  detail: ReactNode;
}

export interface SummaryListProps {
  /** Names the list for assistive technology. */
  label: string;
  items: readonly SummaryItem[];
  emptyText: string;
  /** The area's own page, for those who may open it. */
  more?: { href: string; label: string };
}

/** A short list of named lines (next schedules, resource counts) with a way to the area they come from. */
export function SummaryList({ label, items, emptyText, more }: SummaryListProps) {
  return (
    <>
      {items.length === 0 ? (
        <p className="landing__empty">{emptyText}</p>
      ) : (
        <ul className="landing__list" aria-label={label}>
          {items.map((item) => (
            <li key={item.id} className="landing__list-item">
              <span className="landing__name">{item.name}</span>
              <span className="landing__meta">{item.detail}</span>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <Link href={more.href} className="landing__more">
          {more.label}
        </Link>
      )}
    </>
  );
}
