import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** In place of a page whose code or strings are still loading (the shell's Suspense fallback). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh" role="status" aria-label={t('status.loadingPage')} data-testid="page-loader">
      <Loader size="lg" aria-hidden="true" />
    </Center>
  );
}
