import { TABLE } from '../shared/constants';
import { Button } from './Button';
import './pagination.css';

/**
 * The page numbers to link to: a window of `linkCount` pages around `page`, shifted so it never runs past either end.
 * Pages are 1-based.
 */
export function pageWindow(page: number, pageCount: number, linkCount: number = TABLE.paginationLinks): number[] {
  const size = Math.min(linkCount, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark for screen readers, e.g. 'Variables pagination'. */
  label: string;
  linkCount?: number;
}

/** Previous / numbered page links / next, as every paged table shows them. */
export function Pagination({ page, pageCount, onPageChange, label, linkCount }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="ui-pagination" aria-label={label}>
      <Button variant="ghost" aria-label="Previous page" isDisabled={page <= 1} onPress={() => onPageChange(page - 1)}>
        ‹
      </Button>
      {pageWindow(page, pageCount, linkCount).map((pageNumber) => (
        <Button
          key={pageNumber}
          variant={pageNumber === page ? 'primary' : 'ghost'}
          aria-label={`Page ${pageNumber}`}
          aria-current={pageNumber === page ? 'page' : undefined}
          onPress={() => onPageChange(pageNumber)}
        >
          {pageNumber}
        </Button>
      ))}
      <Button variant="ghost" aria-label="Next page" isDisabled={page >= pageCount} onPress={() => onPageChange(page + 1)}>
        ›
      </Button>
    </nav>
  );
}
