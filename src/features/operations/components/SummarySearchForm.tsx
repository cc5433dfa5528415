import type { FormEvent } from 'react';
import { VERSION_TAG, type Tag } from '../../../shared/contracts/collections';
import type { SummarySearch } from '../../../shared/contracts/operations';
import { Button } from '../../../ui/Button';
import { MultiSelect } from '../../../ui/Select';
import { summaryErrors, summarySearchOf, type SummaryDraft } from '../search-forms';
import { useTouched } from '../use-touched';
import { DateRangeFields } from './DateRangeFields';

export interface SummarySearchFormProps {
  label: string;
  draft: SummaryDraft;
  onChange: (draft: SummaryDraft) => void;
  onSearch: (search: SummarySearch) => void;
  tags: readonly Tag[];
}

const optionsOf = (tags: readonly Tag[]) => tags.filter((tag) => !tag.hideTag).map((tag) => ({ id: tag.id, label: tag.tagName }));

/** The collection and schedule summary searches (part 2 §2, §3 Schedule summary row filter form, §5: both dates required). */
export function SummarySearchForm({ label, draft, onChange, onSearch, tags }: SummarySearchFormProps) {
  const { touched, touch, touchAll } = useTouched<'start' | 'end'>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(['start', 'end']);
    const search = summarySearchOf(draft);
    if (search) onSearch(search);
  };

  return (
    <form className="operations__criteria" aria-label={label} onSubmit={submit} noValidate>
      <DateRangeFields range={draft} onChange={(range) => onChange({ ...draft, ...range })} errors={summaryErrors(draft)} touched={touched} onTouch={touch} />
      <MultiSelect
        label="Tags"
        placeholder="Any tag"
        options={optionsOf(tags.filter((tag) => tag.tagType !== VERSION_TAG))}
        selectedKeys={draft.tags}
        onSelectionChange={(ids) => onChange({ ...draft, tags: ids })}
      />
      <MultiSelect
        label="Versions"
        placeholder="Any version"
        options={optionsOf(tags.filter((tag) => tag.tagType === VERSION_TAG))}
        selectedKeys={draft.versions}
        onSelectionChange={(ids) => onChange({ ...draft, versions: ids })}
      />
      <Button type="submit" variant="primary" className="operations__search">
        Search
      </Button>
    </form>
  );
}
