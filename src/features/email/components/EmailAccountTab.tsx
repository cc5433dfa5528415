import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DateTime } from 'luxon';
import { EMAIL_PAGE_SIZE, AUTHENTICATION_FAILED_MARK, EMAIL_MESSAGES, type ImapAccount, type ImapAccountHost } from '../../../shared/contracts/email';
import { Button } from '../../../ui/Button';
import { MenuButton } from '../../../ui/Menu';
import { Pagination } from '../../../ui/Pagination';
import { Spinner } from '../../../ui/ProgressBar';
import { Table, type TableColumn } from '../../../ui/Table';
import { toast } from '../../../ui/toast-queue';
import { accountSignInUrl, imapAccountsQuery } from '../api/email';
import { pageCount as pageCountOf, pageRows } from '../../../ui/DataTable/table-data';

const COLUMNS: TableColumn[] = [
  { id: 'mailUserName', header: 'Email Username', isRowHeader: true },
  { id: 'dbTableName', header: 'Database Table' },
  { id: 'mailServerConnectionDate', header: 'Connection Date' },
  { id: 'mailServerResponseStatus', header: 'Connection Status' },
];

const ADD_ACTIONS = [
  { id: 'Google', label: 'Add Google Account' },
  { id: 'MICROSOFT', label: 'Add Microsoft Account' },
] as const;

export interface EmailAccountTabProps {
  /** Sends the browser to the provider (a full navigation, as the authorization-code flow needs). */
  navigate?: (url: string) => void;
}

const formatDate = (iso: string | null) => (iso ? DateTime.fromISO(iso).toFormat('MMM-dd-yyyy HH:mm') : '');

/** The Email Account tab (IMAP_EMAIL_ACCOUNT): Imap Configurations and the provider sign-ins. */
export function EmailAccountTab({ navigate = (url) => window.location.assign(url) }: EmailAccountTabProps) {
  const list = useQuery(imapAccountsQuery());
  const [page, setPage] = useState(1);
  const [starting, setStarting] = useState(false);

  useEffect(() => {
    if (list.error) toast.error(list.error.message || EMAIL_MESSAGES.accountFailed);
  }, [list.error]);

  async function signIn(host: ImapAccountHost, email?: string) {
    setStarting(true);
    try {
      navigate(await accountSignInUrl(host, email));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : EMAIL_MESSAGES.accountFailed);
    } finally {
      setStarting(false);
    }
  }

  const rows = list.data ?? [];
  const pageCount = pageCountOf(rows.length, EMAIL_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  const renderCell = (account: ImapAccount, column: string) => {
    switch (column) {
      case 'mailUserName':
        return account.mailUserName;
      case 'dbTableName':
        return account.dbTableName;
      case 'mailServerConnectionDate':
        return formatDate(account.mailServerConnectionDate);
      default:
        // §4: a failed authentication is offered as a new sign-in with the same provider and address.
        return account.mailServerResponseStatus.includes(AUTHENTICATION_FAILED_MARK) ? (
          <Button variant="ghost" isDisabled={starting} onPress={() => void signIn(account.mailServerHost, account.mailUserName)}>
            {EMAIL_MESSAGES.signInRequired}
          </Button>
        ) : (
          account.mailServerResponseStatus
        );
    }
  };

  return (
    <section className="email-tab" aria-label="Email Account">
      <div className="email-toolbar">
        <MenuButton label="Add Account" trigger="Add Account" variant="primary" items={ADD_ACTIONS} onAction={(id) => void signIn(id === 'Google' ? 'Google' : 'MICROSOFT')} />
      </div>
      {list.status === 'pending' ? (
        <Spinner label="Loading accounts" />
      ) : (
        <>
          <p className="email-total">{`${rows.length} total`}</p>
          <Table label="Imap Configurations" columns={COLUMNS} rows={pageRows(rows, current, EMAIL_PAGE_SIZE)} renderCell={renderCell} />
          <Pagination label="Imap Configurations pagination" page={current} pageCount={pageCount} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
