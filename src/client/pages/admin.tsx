import { Box } from '@chakra-ui/react'
import { APP_BAR_HEIGHT, AppBar } from '../components/app-bar'
import { AdminConsole, AdminGate } from '../features/admin'
import { UserMenu } from '../features/auth'

/** /admin: the operator console (issue 19), its own chunk; the server answers 403 to anyone but an admin. */
export default function AdminPage() {
  return (
    <Box minH="100dvh" pt={APP_BAR_HEIGHT} display="flex" flexDirection="column">
      <AppBar userMenu={<UserMenu />} />
      <AdminGate>
        <AdminConsole />
      </AdminGate>
    </Box>
  )
}
