import type { FormEvent } from 'react';
import { visibleError } from '../../../lib/error-messages';
import { deviceOptionNameOf, type Device } from '../../../shared/contracts/devices';
import { OPERATIONS_STATUS_LABELS, OPERATIONS_STATUSES, RUN_SEARCH_MAX_NAME_LENGTH, type OperationsStatus } from '../../../shared/contracts/operations';
import { Button } from '../../../ui/Button';
import { SearchField } from '../../../ui/SearchField';
import { Select } from '../../../ui/Select';
import { executionCriteriaOf, executionErrors, type ExecutionCriteria, type ExecutionDraft } from '../search-forms';
import { useTouched } from '../use-touched';
import { DateRangeFields } from './DateRangeFields';

const ALL_RESOURCES = 'all-resources';
const STATUS_OPTIONS = OPERATIONS_STATUSES.map((status) => ({ id: status, label: OPERATIONS_STATUS_LABELS[status] }));
const isStatus = (value: string | null): value is OperationsStatus => OPERATIONS_STATUSES.some((status) => status === value);

export interface ExecutionSearchFormProps {
  draft: ExecutionDraft;
  onChange: (draft: ExecutionDraft) => void;
  onSearch: (criteria: ExecutionCriteria) => void;
  devices: readonly Device[];
}

/** The Search criteria panel of Execution Details (part 2 §2, §3 Operations search form, §4, §5). */
export function ExecutionSearchForm({ draft, onChange, onSearch, devices }: ExecutionSearchFormProps) {
  const { touched, touch, touchAll } = useTouched<'status' | 'start' | 'end'>();
  const errors = executionErrors(draft);
  const resourceOptions = [{ id: ALL_RESOURCES, label: 'All resources' }, ...devices.map((device) => ({ id: device.deviceId, label: deviceOptionNameOf(device) }))];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    touchAll(['status', 'start', 'end']);
    const criteria = executionCriteriaOf(draft);
    if (criteria) onSearch(criteria);
  };

  return (
    <form className="operations__criteria" aria-label="Search criteria" onSubmit={submit} noValidate>
      <Select
        label="Resource"
        options={resourceOptions}
        selectedKey={draft.deviceId ?? ALL_RESOURCES}
        onSelectionChange={(id) => onChange({ ...draft, deviceId: id === ALL_RESOURCES ? null : id })}
      />
      {/* Enter searches with the form; Escape or × clears the name. */}
      <SearchField
        label="Collection name"
        placeholder="Any collection"
        value={draft.collectionName}
        maxLength={RUN_SEARCH_MAX_NAME_LENGTH}
        onChange={(collectionName) => onChange({ ...draft, collectionName })}
      />
      <DateRangeFields range={draft} onChange={(range) => onChange({ ...draft, ...range })} errors={errors} touched={touched} onTouch={touch} />
      <Select
        label="Collection status"
        options={STATUS_OPTIONS}
        selectedKey={draft.status}
        isRequired
        errorMessage={visibleError(errors.status ?? null, touched.status ?? false) ?? undefined}
        onSelectionChange={(id) => {
          touch('status');
          onChange({ ...draft, status: isStatus(id) ? id : null });
        }}
        onBlur={() => touch('status')}
      />
      <Button type="submit" variant="primary" className="operations__search">
        Search
      </Button>
    </form>
  );
}
