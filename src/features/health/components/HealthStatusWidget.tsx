import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/dates';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { MESSAGES, POLL } from '../../../shared/constants';
import type { HealthItem } from '../../../shared/contracts/health';
import { Button } from '../../../ui/Button';
import { Tooltip } from '../../../ui/Tooltip';
import { healthStatusQuery, isOperational } from '../api/health-status';
import './health-status.css';

function lastUpdated(item: HealthItem): string {
  const time = formatDate(item.data[0]?.testTime);
  return time ? `Last updated: ${time}` : 'Not checked yet';
}

function ServiceStatus({ item }: { item: HealthItem }) {
  const operational = isOperational(item);
  return (
    <li className="health-status__item">
      <span className="health-status__name">{item.name}</span>
      <Tooltip content={lastUpdated(item)}>
        <Button
          variant="ghost"
          className={`health-status__state health-status__state--${operational ? 'up' : 'down'}`}
          aria-label={`${item.name}: ${operational ? 'Operational' : 'Out of order'}. ${lastUpdated(item)}`}
        >
          <span aria-hidden="true" className="health-status__dot" />
          {operational ? 'Operational' : 'Out of order'}
        </Button>
      </Tooltip>
    </li>
  );
}

/**
 * Every platform service marked Operational or Out of order, with the 'All services are operational' banner
 * when all are up. A failed poll shows the error but keeps the last answer on screen, marked with its age.
 */
export function HealthStatusWidget() {
  const { data: items, isError, isPending, dataUpdatedAt } = useQuery(healthStatusQuery());

  if (isPending) return <p className="health-status__loading" aria-busy="true">Checking services…</p>;
  const allOperational = !isError && items !== undefined && items.length > 0 && items.every(isOperational);

  return (
    <section className="health-status" aria-label="Service status">
      <UpdatedAgo updatedAt={dataUpdatedAt} periodMs={POLL.healthMs} />
      {isError && (
        <p role="alert" className="health-status__error">
          {MESSAGES.somethingWentWrong}
        </p>
      )}
      {allOperational && (
        <p role="status" className="health-status__banner">
          {MESSAGES.allOperational}
        </p>
      )}
      {items === undefined || items.length === 0 ? (
        !isError && <p className="health-status__empty">{MESSAGES.noData}</p>
      ) : (
        <ul className="health-status__list" aria-label="Services">
          {items.map((item) => (
            <ServiceStatus key={item.name} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
