import { DiskSpaceWidget } from '../components/DiskSpaceWidget';
import { HealthStatusWidget } from '../components/HealthStatusWidget';

/** The health-status page: the services, then the disk space; the shell's header shows its title 'Health Status' (route staticData). */
export function HealthStatusPage() {
  return (
    <div className="health-status-page">
      <HealthStatusWidget />
      <DiskSpaceWidget />
    </div>
  );
}
