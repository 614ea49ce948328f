import type { ReactNode } from 'react';
import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';

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
