import { Alert, Button, Stack } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { CASE_NOT_FOUND_MESSAGE } from '../../../contract/cases';

/** Product §8: a case that answers 404 or 400, with a Back button. */
export function CaseNotFound() {
  const navigate = useNavigate();
  const location = useLocation();
  // Opened by URL (no page of the app before it): Back goes to the case list instead.
  const back = () => void (location.key === 'default' ? navigate('/support/cases') : navigate(-1));
  return (
    <Stack maw={560} mx="auto" align="flex-start">
      <Alert color="red" role="alert">
        {CASE_NOT_FOUND_MESSAGE}
      </Alert>
      <Button variant="default" onClick={back}>
        Back
      </Button>
    </Stack>
  );
}
