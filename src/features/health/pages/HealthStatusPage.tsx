import { HealthStatusWidget } from '../components/HealthStatusWidget';

/** The health-status page: the shell's header shows its title 'Health Status' (route staticData). */
export function HealthStatusPage() {
  return (
    <div className="health-status-page">
      <HealthStatusWidget />
    </div>
  );
}
