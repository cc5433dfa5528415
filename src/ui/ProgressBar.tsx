import { ProgressBar as AriaProgressBar, Label } from 'react-aria-components';
import './ui.css';

export interface ProgressBarProps {
  label: string;
  /** 0..100; omit for an indeterminate bar. */
  value?: number;
  showValue?: boolean;
}

/** The one wrapper of react-aria's ProgressBar. */
export function ProgressBar({ label, value, showValue = true }: ProgressBarProps) {
  const indeterminate = value === undefined;
  return (
    <AriaProgressBar value={value} isIndeterminate={indeterminate} className="ui-progress">
      {({ percentage, valueText }) => (
        <>
          <div className="ui-progress__header">
            <Label>{label}</Label>
            {showValue && !indeterminate && <span>{valueText}</span>}
          </div>
          <div className="ui-progress__track">
            <div className={indeterminate ? 'ui-progress__fill ui-progress__fill--indeterminate' : 'ui-progress__fill'} style={indeterminate ? undefined : { width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}

export interface SpinnerProps {
  /** Accessible name of the busy indicator. */
  label?: string;
  size?: 'small' | 'large';
}

/** An indeterminate circular progressbar (the same react-aria ProgressBar, drawn as a ring). */
export function Spinner({ label = 'Loading', size = 'small' }: SpinnerProps) {
  return (
    <AriaProgressBar isIndeterminate aria-label={label} className={`ui-spinner ui-spinner--${size}`}>
      <span className="ui-spinner__ring" aria-hidden="true" />
    </AriaProgressBar>
  );
}
