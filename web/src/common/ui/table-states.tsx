import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import './table-states.css';

export interface TableStateProps {
  title: string;
  /** A sentence under the title. */
  message?: string;
  /** A button: add the first item, clear the filters… */
  action?: ReactNode;
}

function TableState({ title, message, action }: TableStateProps) {
  return (
    <Box textAlign="center" color="inherit" padding="s">
      <SpaceBetween size="xxs">
        <Box variant="strong" color="inherit">
          {title}
        </Box>
        {message && (
          <Box variant="p" color="inherit">
            {message}
          </Box>
        )}
        {action}
      </SpaceBetween>
    </Box>
  );
}

/** A table with nothing in it yet (Cloudscape's empty state). */
export function TableEmptyState(props: TableStateProps) {
  return <TableState {...props} />;
}

/** A table whose search or filters leave nothing to show; the action usually clears them. */
export function TableNoMatchState(props: TableStateProps) {
  return <TableState {...props} />;
}

/**
 * A table waiting for its rows, as tall as the screen: what follows the rows (the pager under a
 * table on a phone) starts out of sight and stays there when a page of rows arrives, so nothing in
 * view moves. Cloudscape's own loading row is one line high.
 */
export function TableLoadingState({ text }: { text: string }) {
  return (
    <div className="table-loading-state" role="status">
      <StatusIndicator type="loading">{text}</StatusIndicator>
    </div>
  );
}
