import { useState } from 'react';

/**
 * The state behind a SearchField whose search applies on Enter (the generic table rule): the text being typed and the
 * search in force. Applying a search, or clearing it, calls `onApply` (a paged table goes back to page 1).
 * Spread `fieldProps` on the SearchField.
 */
export function useSubmittedSearch(onApply: () => void) {
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  const apply = (search: string) => {
    setApplied(search);
    onApply();
  };
  return {
    applied,
    fieldProps: { value: text, onChange: setText, onSubmit: () => apply(text), onClear: () => apply('') },
  };
}
