import { useQuery } from '@tanstack/react-query';
import { configQueryOptions } from '../../../lib/config';
import { flags } from '../../../shared/config';
import { Tabs } from '../../../ui/Tabs';
import { InteractiveBotsTab } from '../../interactive-bots/InteractiveBotsTab';
import { ScheduleQueueTable } from '../components/ScheduleQueueTable';
import { UpcomingSchedules } from '../components/UpcomingSchedules';
import '../control-room.css';

/** The Control Room (part 2 §2): Autonomous Bot (schedules and their queue) and, under its flag, Interactive Bot. */
export function ControlRoomPage() {
  const { data: config = {} } = useQuery(configQueryOptions);
  const autonomous = {
    id: 'autonomous',
    title: 'Autonomous Bot',
    content: (
      <div className="control-room">
        <UpcomingSchedules config={config} />
        <ScheduleQueueTable />
      </div>
    ),
  };
  const interactive = { id: 'interactive', title: 'Interactive Bot', content: <InteractiveBotsTab /> };
  return (
    <div className="control-room">
      <Tabs label="Control Room" tabs={flags.interactiveBot(config) ? [autonomous, interactive] : [autonomous]} />
    </div>
  );
}
