import type { ReactNode } from 'react';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';

interface ScreenLayoutProps {
  /** The screen's h1. */
  title: ReactNode;
  /** What the screen is for, under its title. */
  description?: ReactNode;
  children?: ReactNode;
}

/** A screen's content under its h1 title and description, so every screen opens alike. */
export function ScreenLayout({ title, description, children }: ScreenLayoutProps) {
  return (
    <ContentLayout
      header={
        <Header variant="h1" description={description}>
          {title}
        </Header>
      }
    >
      {children}
    </ContentLayout>
  );
}
