import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RETENTION_MESSAGES, retentionInputSchema, type RetentionInput, type RetentionSettings } from '../../../shared/contracts/retention';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { retentionQuery, saveRetention } from '../api/retention';
import { fieldMessages, serverFieldMessages } from '../form-errors';

type RetentionField = keyof RetentionInput;
type RetentionTexts = Record<RetentionField, string>;

const FIELDS: readonly { field: RetentionField; label: string; description: string }[] = [
  { field: 'runsDays', label: 'Keep runs (days)', description: 'Finished runs, their steps and logs' },
  { field: 'artifactsDays', label: 'Keep artifacts (days)', description: 'Screenshots, videos and attachments; at most as long as runs' },
  { field: 'auditDays', label: 'Keep the audit trail (days)', description: 'Who changed what, and when' },
];

const textsOf = (settings: RetentionSettings): RetentionTexts => ({
  runsDays: String(settings.runsDays),
  artifactsDays: String(settings.artifactsDays),
  auditDays: String(settings.auditDays),
});

/** What the fields say as the contract reads it: an empty field is no number at all, not 0. */
function parseTexts(texts: RetentionTexts) {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
  return retentionInputSchema.safeParse({ runsDays: number(texts.runsDays), artifactsDays: number(texts.artifactsDays), auditDays: number(texts.auditDays) });
}

function RetentionForm({ orgId, settings }: { orgId: string; settings: RetentionSettings }) {
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState(() => textsOf(settings));
  const [touched, setTouched] = useState<ReadonlySet<RetentionField>>(() => new Set());
  const parsed = parseTexts(texts);
  const errors = fieldMessages(parsed.error);
  const save = useMutation({
    mutationFn: (input: RetentionInput) => saveRetention(orgId, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(retentionQuery(orgId).queryKey, saved);
      toast.success(RETENTION_MESSAGES.saved);
    },
  });
  const serverErrors = serverFieldMessages(save.error);
  const shownError = (field: RetentionField) => serverErrors[field] ?? (touched.has(field) ? errors[field] : undefined);

  const submit = () => {
    setTouched(new Set(FIELDS.map(({ field }) => field)));
    if (parsed.success) save.mutate(parsed.data);
  };

  return (
    <form
      className="retention-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {FIELDS.map(({ field, label, description }) => (
        <TextField
          key={field}
          label={label}
          description={description}
          inputMode="numeric"
          value={texts[field]}
          onChange={(value) => {
            setTexts((previous) => ({ ...previous, [field]: value }));
            setTouched((previous) => new Set(previous).add(field));
            if (save.error) save.reset();
          }}
          errorMessage={shownError(field)}
        />
      ))}
      {save.error && Object.keys(serverErrors).length === 0 && (
        <p className="organizations__note organizations__note--error" role="alert">
          {save.error.message}
        </p>
      )}
      <div className="retention-form__actions">
        <Button type="submit" variant="primary" isDisabled={save.isPending}>
          Save retention
        </Button>
      </div>
    </form>
  );
}

/**
 * The organization's retention (issue 30): how long its runs, their files and its audit trail are kept. An hourly
 * purge on the server deletes what is older; a report whose files it removed says so.
 */
export function RetentionCard({ orgId }: { orgId: string }) {
  const retention = useQuery(retentionQuery(orgId));
  const settings = retention.data;
  return (
    <section className="org-card" aria-labelledby="org-panel-retention">
      <div className="org-card__head">
        <h2 id="org-panel-retention">Retention</h2>
      </div>
      {settings ? (
        <>
          <p className="organizations__note">
            {settings.updatedAt ? `Saved ${new Date(settings.updatedAt).toLocaleString()}.` : 'The defaults: no setting saved yet.'} Queued and running runs, and
            runs a dashboard&apos;s Custom time frame shows, are always kept.
          </p>
          {/* Keyed by organization only: after a save the fields already hold what was saved, and keep the focus. */}
          <RetentionForm key={orgId} orgId={orgId} settings={settings} />
        </>
      ) : retention.isError ? (
        <p className="organizations__note organizations__note--error" role="alert">
          {retention.error.message}
        </p>
      ) : (
        <p className="organizations__note" aria-busy="true">
          Loading retention…
        </p>
      )}
    </section>
  );
}
