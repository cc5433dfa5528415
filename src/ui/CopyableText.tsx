import { useCallback, useId, useRef, useState } from 'react';
import { Button } from './Button';
import './ui.css';

export interface CopyableTextProps {
  /** The text's name: shown above it, or only its accessible name with hideLabel. */
  label: string;
  hideLabel?: boolean;
  text: string;
  /** The button's label, e.g. 'Copy token'. */
  copyLabel: string;
  /** The button's label once the text is on the clipboard, e.g. 'Token copied'. */
  copiedLabel: string;
  /** A <pre> that keeps the text's line breaks (a command) instead of an inline <code> (a token). */
  multiline?: boolean;
  /** Focuses the copy button, for a dialog whose first task is copying this text. */
  autoFocus?: boolean;
}

export const COPY_REFUSED_MESSAGE = 'The browser refused to copy: the text is selected, copy it with Ctrl+C (⌘C on a Mac).';

/** A text to copy (a secret, a command) with its copy button; the text stays on screen and selectable. */
export function CopyableText({ label, hideLabel = false, text, copyLabel, copiedLabel, multiline = false, autoFocus }: CopyableTextProps) {
  const labelId = useId();
  const textRef = useRef<HTMLElement | null>(null);
  // A callback ref, since one ref object cannot be typed for both a <pre> and a <code>.
  const keepTextElement = useCallback((element: HTMLElement | null) => {
    textRef.current = element;
  }, []);
  // The text that was copied rather than a flag, so that a new text (a regenerated secret) starts uncopied.
  const [copiedText, setCopiedText] = useState<string | null>(null);
  const [refused, setRefused] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopiedText(text);
      setRefused(false);
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): the selection lets the user copy by hand.
      setCopiedText(null);
      setRefused(true);
      if (textRef.current) window.getSelection()?.selectAllChildren(textRef.current);
    }
  };

  const naming = hideLabel ? { 'aria-label': label } : { 'aria-labelledby': labelId };
  const TextElement = multiline ? 'pre' : 'code';

  return (
    <div className="ui-copyable">
      {!hideLabel && (
        <span id={labelId} className="ui-copyable__label">
          {label}
        </span>
      )}
      <TextElement ref={keepTextElement} {...naming} className="ui-copyable__text">
        {text}
      </TextElement>
      <Button onPress={() => void copy()} autoFocus={autoFocus}>
        {copiedText === text ? copiedLabel : copyLabel}
      </Button>
      {refused && (
        <p role="alert" className="ui-copyable__refused">
          {COPY_REFUSED_MESSAGE}
        </p>
      )}
    </div>
  );
}
