import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { visibleError } from '../../../lib/error-messages';
import { PROJECT_MESSAGES, type ProjectDateTag } from '../../../shared/contracts/custom-dashboard';
import { Button } from '../../../ui/Button';
import { DatePicker } from '../../../ui/DatePicker';
import { Select } from '../../../ui/Select';
import { tagChoicesQuery } from '../api/choices';
import { dateTagErrors, hasErrors, type DateTagDraft } from './kpi-form';

export const DATE_TAG_TEXTS = {
  heading: 'Project Dates',
  tag: 'Tag/Version',
  date: 'Date',
  add: 'Add Dates',
  remove: (tag: ProjectDateTag) => `Remove ${tag.projectTag} ${tag.date}`,
  none: 'No project dates yet',
} as const;

const EMPTY: DateTagDraft = { projectTag: null, date: null };

export interface ProjectDateTagsProps {
  tags: readonly ProjectDateTag[];
  /** A valid new tag (§4: the project is then saved). */
  onAdd: (tag: ProjectDateTag) => void;
  onRemove: (index: number) => void;
  isDisabled?: boolean;
}

/**
 * Project Dates (§2 Project KPI editor): a tag picked from the organization's tags and versions ('Select Tag/Version')
 * and a date, Add Dates, and the removable list. An incomplete tag shows its errors and is not added (§4).
 */
export function ProjectDateTags({ tags, onAdd, onRemove, isDisabled }: ProjectDateTagsProps) {
  const choices = useQuery(tagChoicesQuery());
  const [draft, setDraft] = useState<DateTagDraft>(EMPTY);
  const [touched, setTouched] = useState(false);
  const errors = dateTagErrors(draft);
  const names = [...new Set((choices.data ?? []).map((tag) => tag.tagName))];

  const add = () => {
    if (hasErrors(errors) || draft.projectTag === null || draft.date === null) {
      setTouched(true);
      return;
    }
    onAdd({ projectTag: draft.projectTag, date: draft.date });
    setDraft(EMPTY);
    setTouched(false);
  };

  return (
    <div className="project-dates" role="group" aria-labelledby="project-dates-title">
      <h3 id="project-dates-title" className="custom-dashboard-section__title">
        {DATE_TAG_TEXTS.heading}
      </h3>
      <div className="project-dates__form">
        <Select
          label={DATE_TAG_TEXTS.tag}
          placeholder={PROJECT_MESSAGES.tagPlaceholder}
          options={names.map((name) => ({ id: name, label: name }))}
          selectedKey={draft.projectTag}
          onSelectionChange={(projectTag) => setDraft((was) => ({ ...was, projectTag }))}
          errorMessage={visibleError(errors.projectTag, touched) ?? undefined}
          isDisabled={isDisabled}
        />
        <DatePicker
          label={DATE_TAG_TEXTS.date}
          value={draft.date}
          onChange={(date) => setDraft((was) => ({ ...was, date }))}
          errorMessage={visibleError(errors.date, touched) ?? undefined}
          isDisabled={isDisabled}
        />
        <Button onPress={add} isDisabled={isDisabled}>
          {DATE_TAG_TEXTS.add}
        </Button>
      </div>
      {tags.length === 0 ? (
        <p className="custom-dashboard__empty">{DATE_TAG_TEXTS.none}</p>
      ) : (
        <ul className="project-dates__list" aria-label={DATE_TAG_TEXTS.heading}>
          {tags.map((tag, index) => (
            <li key={`${tag.projectTag}-${tag.date}-${index}`} className="project-dates__item">
              <span>
                {tag.projectTag} · {tag.date}
              </span>
              <Button variant="icon" aria-label={DATE_TAG_TEXTS.remove(tag)} onPress={() => onRemove(index)} isDisabled={isDisabled}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
