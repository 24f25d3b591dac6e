import { Button, IconButton, Menu, Portal } from '@chakra-ui/react'
import { CircleUserRound } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useIsAdmin } from './admin-probe'
import { useAuth } from './provider'

/**
 * Spec §2: a menu labelled with the user's e-mail, whose item signs out (and reloads on /auth); an admin also finds
 * the console there (issue 19). `compact`, for the narrowest headers, shows an icon named by the e-mail, which
 * the open menu then shows.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { user, signOut } = useAuth()
  const navigate = useNavigate()
  const [opened, setOpened] = useState(false)
  const isAdmin = useIsAdmin(opened && user ? user.id : null)
  if (!user) return null
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onOpenChange={(e) => e.open && setOpened(true)}>
      <Menu.Trigger asChild>
        {compact ? (
          <IconButton
            variant="outline"
            colorPalette="gray"
            size="xs"
            aria-label={user.email}
            title={user.email}
            data-testid="user-menu"
          >
            <CircleUserRound />
          </IconButton>
        ) : (
          <Button
            variant="outline"
            colorPalette="gray"
            size="sm"
            // Capped so that a long address leaves the wide chat header room for both pickers.
            maxW={{ base: '44', lg: '56' }}
            title={user.email}
            data-testid="user-menu"
          >
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {user.email}
            </span>
          </Button>
        )}
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" maxW="calc(100vw - 1rem)">
            {compact && (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel truncate data-testid="user-menu-email">
                  {user.email}
                </Menu.ItemGroupLabel>
              </Menu.ItemGroup>
            )}
            {isAdmin && (
              <Menu.Item value="admin" onSelect={() => navigate('/admin')} data-testid="admin-link">
                Consola de administración
              </Menu.Item>
            )}
            <Menu.Item value="sign-out" onSelect={() => void signOut()} data-testid="sign-out">
              Cerrar sesión
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
