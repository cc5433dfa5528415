import { useState } from 'react';
import { HIDE_ON_EXPORT_CLASS } from '../../../lib/dom-export';
import { Button } from '../../../ui/Button';
import { SHARE_MESSAGES, ShareOnDisplayDialog } from './ShareOnDisplayDialog';

/** 'Share on a display' for DASHBOARD_MANAGEMENT users (the caller checks): opens the display link dialog. */
export function ShareOnDisplayButton({ dashboardId }: { dashboardId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button className={HIDE_ON_EXPORT_CLASS} onPress={() => setOpen(true)}>
        {SHARE_MESSAGES.title}
      </Button>
      <ShareOnDisplayDialog dashboardId={dashboardId} isOpen={open} onClose={() => setOpen(false)} />
    </>
  );
}
