import { useQuery } from '@tanstack/react-query';
import { formatBytes } from '../../../lib/format-bytes';
import { MESSAGES } from '../../../shared/constants';
import { DISK_MESSAGES, freeShare, type DiskFolder } from '../../../shared/contracts/disk';
import { Meter } from '../../../ui/Meter';
import { diskSpaceQuery } from '../api/disk-space';

const TONES = { ok: 'normal', low: 'warning', full: 'danger' } as const;

function FolderSpace({ folder }: { folder: DiskFolder }) {
  const share = freeShare(folder);
  const used = Math.round((1 - share) * 1000) / 10;
  const free = `${formatBytes(folder.freeBytes)} free of ${formatBytes(folder.totalBytes)} (${DISK_MESSAGES.percent(share)})`;
  return (
    <li className="disk-space__folder">
      <Meter label={`${folder.setting}: ${used} % used`} value={used} valueLabel={free} tone={TONES[folder.level]} />
      {folder.level !== 'ok' && (
        <p role="alert" className={`disk-space__warning disk-space__warning--${folder.level}`}>
          {folder.setting}: {DISK_MESSAGES[folder.level]}
        </p>
      )}
    </li>
  );
}

/** The free space of the folders the server writes; a folder low on space is a warning, a full one an alert. */
export function DiskSpaceWidget() {
  const { data: folders, isError, isPending } = useQuery(diskSpaceQuery());
  return (
    <section className="disk-space" aria-labelledby="disk-space-title">
      <h2 id="disk-space-title" className="disk-space__title">
        Disk space
      </h2>
      {isPending && <p className="health-status__loading">Measuring disk space…</p>}
      {isError && (
        <p role="alert" className="health-status__error">
          {MESSAGES.somethingWentWrong}
        </p>
      )}
      {folders && (
        <ul className="disk-space__folders" aria-label="Folders">
          {folders.map((folder) => (
            <FolderSpace key={folder.setting} folder={folder} />
          ))}
        </ul>
      )}
    </section>
  );
}
