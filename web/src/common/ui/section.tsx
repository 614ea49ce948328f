import type { ReactNode } from 'react';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';

interface SectionProps {
  title: ReactNode;
  /** What the section is for, under its title. */
  description?: ReactNode;
  /** Buttons at the title's end. */
  actions?: ReactNode;
  children?: ReactNode;
}

/** A part of a screen: a container under an h2 title, so every screen's parts are titled alike. */
export function Section({ title, description, actions, children }: SectionProps) {
  return (
    <Container
      header={
        <Header variant="h2" description={description} actions={actions}>
          {title}
        </Header>
      }
    >
      {children}
    </Container>
  );
}
