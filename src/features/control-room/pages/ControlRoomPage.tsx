import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { configQueryOptions } from '../../../lib/config';
import { flags } from '../../../shared/config';
import { Tabs } from '../../../ui/Tabs';
import { ScheduleQueueTable } from '../components/ScheduleQueueTable';
import { UpcomingSchedules } from '../components/UpcomingSchedules';
import '../control-room.css';

interface ControlRoomPageProps {
  /** The Interactive Bot tab's content, composed by the route (features do not import each other). */
  interactiveBotTab: ReactNode;
}

/** The Control Room (part 2 §2): Autonomous Bot (schedules and their queue) and, under its flag, Interactive Bot. */
export function ControlRoomPage({ interactiveBotTab }: ControlRoomPageProps) {
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
  const interactive = { id: 'interactive', title: 'Interactive Bot', content: interactiveBotTab };
  return (
    <div className="control-room">
      <Tabs label="Control Room" tabs={flags.interactiveBot(config) ? [autonomous, interactive] : [autonomous]} />
    </div>
  );
}
