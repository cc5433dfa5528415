import { useQuery } from '@tanstack/react-query';
import type { ReportSettings } from '../../../shared/contracts/dashboards';
import { CollectionSelector } from '../../../ui/CollectionSelector';
import { TimeFrameSelector } from '../../../ui/TimeFrameSelector';
import { testPlansQuery } from './test-plans';

export interface ReportSettingsPanelProps {
  orgId: string;
  value: ReportSettings;
  onChange: (value: ReportSettings) => void;
  /** Part 3 §2: settings are editable only while the report has no elements. */
  isLocked: boolean;
}

export const SETTINGS_LOCKED_TEXT = 'Remove every element to change the time frame or the test plans: the elements are drawn over them.';

/** The report settings panel (part 3 §2): the time frame and the test plans (none chosen reads every collection). */
export function ReportSettingsPanel({ orgId, value, onChange, isLocked }: ReportSettingsPanelProps) {
  const testPlans = useQuery(testPlansQuery(orgId));
  return (
    <fieldset className="report-editor__settings" disabled={isLocked}>
      <legend>Report settings</legend>
      {isLocked && <p className="report-editor__note">{SETTINGS_LOCKED_TEXT}</p>}
      <TimeFrameSelector value={value.timeFrame} onChange={(timeFrame) => onChange({ ...value, timeFrame })} isDisabled={isLocked} />
      <CollectionSelector
        selectionMode="multiple"
        label="Test plans"
        placeholder={testPlans.isPending ? 'Loading test plans…' : 'Every collection'}
        collections={testPlans.data ?? []}
        selectedIds={value.testPlans}
        onChange={(testPlans) => onChange({ ...value, testPlans })}
        isDisabled={isLocked}
      />
      {testPlans.error && <p role="alert">{testPlans.error.message}</p>}
    </fieldset>
  );
}
