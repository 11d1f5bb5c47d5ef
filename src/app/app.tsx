import { MantineProvider } from '@mantine/core';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './router';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

export function App() {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      // index.html carries the theme's variables (build-tools/mantine-theme-variables.ts).
      withCssVariables={false}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </MantineProvider>
  );
}
