// /close-my-account/success: the confirmation after an account closure (the customer is already signed out).
import { Link } from 'react-router';

export function meta() {
  return [{ title: 'Your account is closed' }];
}

export default function CloseMyAccountSuccess() {
  return (
    <div className="page-container max-w-[720px] py-2">
      <h1 className="mb-1 text-2xl font-bold">Your account is closed</h1>
      <p className="mb-1">We are sorry to see you go. You have been logged out and we will not email you again.</p>
      <Link to="/" className="btn btn-primary">
        Back to the home page
      </Link>
    </div>
  );
}
