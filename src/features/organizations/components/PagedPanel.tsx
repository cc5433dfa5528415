import { useState, type ReactNode } from 'react';
import { TABLE } from '../../../shared/constants';
import { Link } from '../../../ui/Link';
import { Pagination } from '../../../ui/Pagination';

export interface PagedPanelProps<Item> {
  title: string;
  items: readonly Item[];
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
  addHref: string;
  addLabel: string;
  emptyText: string;
}

/** A details page panel: a titled list, an add entry and a paging bar of TABLE.compactPageSize (10) per page. */
export function PagedPanel<Item>({ title, items, itemKey, renderItem, addHref, addLabel, emptyText }: PagedPanelProps<Item>) {
  const [page, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(items.length / TABLE.compactPageSize));
  const current = Math.min(page, pageCount);
  const shown = items.slice((current - 1) * TABLE.compactPageSize, current * TABLE.compactPageSize);
  const headingId = `org-panel-${title.toLowerCase()}`;
  return (
    <section className="org-card" aria-labelledby={headingId}>
      <div className="org-card__head">
        <h2 id={headingId}>
          {title} ({items.length})
        </h2>
        <Link href={addHref}>{addLabel}</Link>
      </div>
      {items.length === 0 ? (
        <p className="organizations__note">{emptyText}</p>
      ) : (
        <ul className="org-people" aria-label={title}>
          {shown.map((item) => (
            <li key={itemKey(item)}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      <Pagination label={`${title} pagination`} page={current} pageCount={pageCount} onPageChange={setPage} />
    </section>
  );
}
