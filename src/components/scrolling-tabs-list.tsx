import './scrolling-tabs.css';
import { Tabs, type TabsListProps } from '@mantine/core';

/** Tabs.List that stays one row at 412 px: it scrolls sideways rather than wrapping. */
export function ScrollingTabsList({ className, ...props }: TabsListProps) {
  return (
    <Tabs.List
      {...props}
      className={className ? `scrolling-tabs ${className}` : 'scrolling-tabs'}
    />
  );
}
