import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { colorSchemeManager, theme } from './theme';

export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
