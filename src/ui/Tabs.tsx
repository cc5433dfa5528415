import type { Key, ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';
import './ui.css';

export interface TabItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
  /** When set the tab is a link (route-driven tabs); the selected key then follows the route. */
  href?: string;
  isDisabled?: boolean;
}

export interface TabsProps {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem[];
  selectedKey?: string;
  defaultSelectedKey?: string;
  onSelectionChange?: (id: string) => void;
}

/** The one wrapper of react-aria's Tabs + TabList + Tab + TabPanel. */
export function Tabs({ label, tabs, selectedKey, defaultSelectedKey, onSelectionChange }: TabsProps) {
  return (
    <AriaTabs
      className="ui-tabs"
      selectedKey={selectedKey}
      defaultSelectedKey={defaultSelectedKey}
      disabledKeys={tabs.filter((tab) => tab.isDisabled).map((tab) => tab.id)}
      onSelectionChange={onSelectionChange ? (key: Key) => onSelectionChange(String(key)) : undefined}
    >
      <TabList aria-label={label} className="ui-tabs__list">
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} href={tab.href} className="ui-tabs__tab">
            {tab.title}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className="ui-tabs__panel">
          {tab.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
