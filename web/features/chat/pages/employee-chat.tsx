import { ComingSoon } from '../../../components/coming-soon';

/** Chat (placeholder until this feature lands). */
export default function EmployeeChatPage() {
  return <ComingSoon title="Chat" description="Chatting with customers live is almost ready." />;
}
