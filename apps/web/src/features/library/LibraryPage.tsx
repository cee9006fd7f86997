import { Button, EmptyState, Paper } from '@mantine/core';
import { IconBooks, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/page-title';

/** A placeholder until the code library (levels L1 to L4) lands. */
export function LibraryPage() {
  usePageTitle('Code library');
  return (
    <>
      <PageHeader
        title="Code library"
        description="The budget's item catalogue, in four levels from L1 to L4."
        breadcrumbs={[
          { label: 'Dashboard', to: '/' },
          { label: 'Administration' },
          { label: 'Code library' },
        ]}
      />
      <Paper withBorder radius="md" py={56} px="lg">
        <EmptyState
          variant="light"
          icon={<IconBooks size={30} aria-hidden="true" />}
          title="Coming soon"
          description="The code library is being built. Soon you will browse and maintain the L1 to L4 codes here."
        >
          <EmptyState.Actions>
            <Button
              component={Link}
              to="/"
              variant="default"
              leftSection={<IconHome size={16} aria-hidden="true" />}
            >
              Back to dashboard
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </>
  );
}

export { LibraryPage as Component };
