import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Tag } from '../../../shared/contracts/collections';
import type { SummarySearch } from '../../../shared/contracts/operations';
import type { SummaryDraft } from '../search-forms';
import { SummaryResults, type SummaryResultsProps } from './SummaryResults';
import { SummarySearchForm } from './SummarySearchForm';

export const SUMMARY_HINT = 'Choose the start and end dates, then press Search.';

export interface SummaryTabProps<Row, Key extends QueryKey> extends Omit<SummaryResultsProps<Row, Key>, 'search' | 'tagNames' | 'query'> {
  draft: SummaryDraft;
  onChange: (draft: SummaryDraft) => void;
  search: SummarySearch | null;
  onSearch: (search: SummarySearch) => void;
  tags: readonly Tag[];
  tagNames: (ids: readonly string[]) => string;
  query: (search: SummarySearch) => SummaryResultsProps<Row, Key>['query'];
  /** Shown under the results (the schedule queue). */
  children?: ReactNode;
}

/** Collection Details and Schedule Details (part 2 §2): a summary search, its result table, and what follows it. */
export function SummaryTab<Row, Key extends QueryKey>({ draft, onChange, search, onSearch, tags, tagNames, query, children, ...results }: SummaryTabProps<Row, Key>) {
  return (
    <div className="operations__tab">
      <SummarySearchForm label={`${results.label} search`} draft={draft} onChange={onChange} onSearch={onSearch} tags={tags} />
      {search ? <SummaryResults {...results} search={search} tagNames={tagNames} query={query(search)} /> : <p className="operations__hint">{SUMMARY_HINT}</p>}
      {children}
    </div>
  );
}
