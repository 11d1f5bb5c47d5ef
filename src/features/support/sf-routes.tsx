import { Navigate, useParams } from 'react-router';
import { casePath } from '../../domain/case-links';

/**
 * /support/sf/create (product §2 "additional routes"): case creation starts from a machine,
 * so it leads to the machine search, where Choose Activity offers Create Case.
 */
export function SfCreate() {
  return <Navigate to="/support/machine/search" replace />;
}

/** /support/sf/case/:id: the case detail. */
export function SfCase() {
  const { id } = useParams();
  return <Navigate to={id ? casePath(id) : '/support/cases'} replace />;
}
